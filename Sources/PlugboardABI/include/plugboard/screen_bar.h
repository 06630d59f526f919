/* plugboard/screen_bar.h — host extension: the bar a screen is shown with (ABI 1.2).
 *
 * Seed 003 (XZNavigationController): "the controller only maintains its own bar, without
 * considering the state before or after it". A screen sets its bar's values at any time — in
 * `init`, in a tap action, while hidden under another screen — and they stay with the screen:
 * after push B / pop, A's bar is exactly as A left it, and nothing A set shows on B. A screen
 * that sets nothing gets the bar its rivers.json model (or Home's) describes, as before.
 *
 * The navigation-bar plugin still draws the bar: the host applies the values to the bar model
 * and tells the bar through `customize_for_screen`, `update_title` and the customization helper
 * (plugboard/nav_bar_host.h), whose `is_translucent` and `prefers_large_title` answers are the
 * screen's. A screen that draws its own bar answers plugboard.ext.custom-bar
 * (plugboard/ext/custom_bar.h) instead. */
#ifndef PLUGBOARD_SCREEN_BAR_H
#define PLUGBOARD_SCREEN_BAR_H

#include "host.h"

PB_EXTERN_C_BEGIN

/* Offered to screen instances only (NULL for bars and roots, and from hosts before ABI 1.2:
 * check before use). */
#define PB_HOST_EXT_SCREEN_BAR "plugboard.host.screen-bar"

/* Every setter changes the calling screen's own values, refused (and logged) during `create`
 * and after `destroy` like every host call. When the screen is visible its bar follows at once
 * (customised again and laid out); otherwise when the screen is next on top. [main-thread] */
typedef struct pb_host_screen_bar {
    /* The bar's title. `title`: UTF-8, the caller's, copied; NULL goes back to the rivers.json
     * `name`. */
    void (*set_title)(const pb_host_t *host, const char *title);

    /* Hides (true) or shows the bar while this screen is on top; a hidden bar is placement
     * `hidden` (the content takes its area). The edge back-gesture still works (ext/gesture.h). */
    void (*set_hidden)(const pb_host_t *host, bool hidden);

    /* XZNavigationBarProtocol's `isTranslucent`: the content runs under the bar. Default false. */
    void (*set_translucent)(const pb_host_t *host, bool translucent);

    /* XZNavigationBarProtocol's `prefersLargeTitles`. Default false. */
    void (*set_prefers_large_title)(const pb_host_t *host, bool prefers);

    /* The bar's background colour (0xAARRGGBB), replacing the model's colour or image. */
    void (*set_background_color)(const pb_host_t *host, pb_argb_t color);

    /* The bar's background image URL (UTF-8, the caller's, copied), replacing the model's
     * background; NULL goes back to the model's. */
    void (*set_background_image)(const pb_host_t *host, const char *url);

    /* The title colour (0xAARRGGBB). */
    void (*set_title_color)(const pb_host_t *host, pb_argb_t color);

    /* Every value back to the model's. */
    void (*reset)(const pb_host_t *host);
} pb_host_screen_bar_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_SCREEN_BAR_H */
