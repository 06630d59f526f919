/* plugboard/nav_bar_host.h — host callbacks offered to navigation-bar instances.
 *
 * A bar instance reaches them with `host->get_extension(host, ID)`; other kinds get NULL.
 * The structs are owned by the host and live as long as the instance.
 * All functions are [main-thread]. */
#ifndef PLUGBOARD_NAV_BAR_HOST_H
#define PLUGBOARD_NAV_BAR_HOST_H

#include "nav_bar.h"

PB_EXTERN_C_BEGIN

#define PB_HOST_EXT_NAV_BAR "plugboard.host.nav-bar"
#define PB_HOST_EXT_NAV_BAR_CUSTOMIZATION "plugboard.host.nav-bar-customization"

/* Which element of the bar was pressed. */
typedef int32_t pb_bar_button_t;
enum {
    PB_BAR_BUTTON_MENU = 0,     /* the special (menu) context button */
    PB_BAR_BUTTON_BACK = 1,     /* the back context button */
    PB_BAR_BUTTON_CLOSE = 2,    /* the close context button */
    PB_BAR_BUTTON_HOME = 3,     /* the logo or title, when the bar makes it a home button: the
                                 * root stack goes back to Home (a presented screen stays) */
    PB_BAR_BUTTON_NAV_ITEM = 4, /* a navigation button the bar made itself */
};

/* The navigation-bar manager as the bar sees it: ZPNavigationBarViewDelegate (what was pressed)
 * and ZPNavigationBarManagerDelegate (what the bar asks of the manager). */
typedef struct pb_host_nav_bar {
    /* An element of the bar was pressed; the manager decides what happens (present a screen,
     * open a URL, go back, close, call the root's special action). The press is taken as it
     * says, whichever context button is shown: BACK and CLOSE do what the shell's `back` and
     * `close` do, MENU what its `menu` does (the root's special action).
     * `nav_item_id` names the nav item for PB_BAR_BUTTON_NAV_ITEM and is NULL otherwise; it is
     * the caller's and read during the call only. Unknown ids are logged and ignored. */
    void (*button_pressed)(const pb_host_t *host, pb_bar_button_t button, const char *nav_item_id);

    /* Makes the navigation button for the nav item `nav_item_id` of the bar's model
     * (navigationButton(for:)): a button view with the item's title or icon and a tap action
     * that routes to the manager, disabled when it targets the screen already shown. The
     * calling instance owns the returned view. Returns PB_VIEW_NONE for an unknown id or an
     * item type that makes no button (label, header, ad).
     * The button comes framed at (0, 0) with the width its title needs at its font (at least
     * 44 points) and the bar's height: a bar cannot measure text, so it reads the width with
     * `views->get_frame` and gives the button that much of its room (the width is 0 from a
     * host that does not size it; take a square then). */
    pb_view_t (*make_navigation_button)(const pb_host_t *host, const char *nav_item_id);

    /* True when the root answers the special-action extension, i.e. when the menu context
     * button may be shown (isSpecialButtonUsedByRoot). */
    bool (*is_special_button_used_by_root)(const pb_host_t *host);
} pb_host_nav_bar_t;

/* A resolved bar background: an image wins over a colour, as the seed requires. */
typedef int32_t pb_background_kind_t;
enum {
    PB_BACKGROUND_NONE = 0,
    PB_BACKGROUND_COLOR = 1,
    PB_BACKGROUND_IMAGE = 2,
};

typedef struct pb_background {
    pb_background_kind_t kind;
    pb_argb_t color;       /* valid for PB_BACKGROUND_COLOR */
    const char *image_url; /* valid for PB_BACKGROUND_IMAGE; owned by the host (see below) */
} pb_background_t;

typedef struct pb_font {
    const char *family; /* font family id, or NULL for the system font; owned by the host */
    double size;        /* points, > 0 */
} pb_font_t;

/*
 * The customization helper (ZPNavigationBarCustomizationHelperDelegate): the bar model of the
 * current screen, resolved with the documented priorities so every bar plugin behaves the
 * same: background image over colour; `_tablet` keys (title_color_tablet, title_size_tablet,
 * background_tablet) on tablet devices; Home's model for screens without one; white-label
 * screens forced to on_top.
 *
 * Answers follow the last `customize_for_screen` (the create-time model before that). Strings
 * are owned by the host and valid until the next `customize_for_screen` or `destroy`.
 */
typedef struct pb_host_nav_bar_customization {
    /* The background to paint, also used for the status-bar area when the bar takes it. */
    pb_background_t (*background)(const pb_host_t *host);

    /* Title font: `ios_font_family` and `title_size` (or `title_size_tablet`). */
    pb_font_t (*title_font)(const pb_host_t *host);

    /* Title colour: `title_color` (or `title_color_tablet`). */
    pb_argb_t (*title_color)(const pb_host_t *host);

    /* The logo URL (`assets.app_logo`), or NULL. */
    const char *(*logo_url)(const pb_host_t *host);

    /* The placement (`styles.state`) after host rules (white-label screens: on_top). */
    pb_placement_t (*placement)(const pb_host_t *host);

    /* `styles.presentation_style`. */
    pb_presentation_style_t (*presentation_style)(const pb_host_t *host);

    /* `styles.style`: "left", "center" or a style the plugin registers. Never NULL. */
    const char *(*style)(const pb_host_t *host);

    /* The image URL for a context button (`assets.menu_button`, `back_button`,
     * `close_button`), or NULL to draw the default. */
    const char *(*context_button_image_url)(const pb_host_t *host, pb_context_button_t button);

    /* True on a tablet device profile. */
    bool (*is_tablet)(const pb_host_t *host);

    /* Added in ABI 1.2 (read them only when the instance's `pb_host_t.abi_version.minor` >= 2):
     * the screen's values from plugboard.host.screen-bar (plugboard/screen_bar.h). */
    /* True: draw the bar translucent; the content runs under it. */
    bool (*is_translucent)(const pb_host_t *host);
    /* True: the screen prefers a large title. */
    bool (*prefers_large_title)(const pb_host_t *host);
} pb_host_nav_bar_customization_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_NAV_BAR_HOST_H */
