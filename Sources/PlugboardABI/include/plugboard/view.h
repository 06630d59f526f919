/* plugboard/view.h — the host's view API: views are host objects that plugins drive by handle.
 *
 * There is no UIKit on Linux, so the host owns the view tree. A plugin creates views of a kind,
 * sets their properties, arranges them into a tree and attaches target-actions for taps. The
 * host validates every call (a bad handle, a property the kind does not have, a cycle in the
 * tree are refused with `false` and logged with the plugin's name; nothing crashes), lays out
 * the app's containers and renders the tree (terminal text, SVG).
 *
 * Ownership: a view belongs to the plugin instance that created it. It lives until that
 * instance calls `release` on it or is destroyed (the host then releases every view the
 * instance still holds). Adding a view to a parent does not transfer ownership.
 */
#ifndef PLUGBOARD_VIEW_H
#define PLUGBOARD_VIEW_H

#include "macros.h"

PB_EXTERN_C_BEGIN

struct pb_host;

/* An opaque handle to a host view. 0 (PB_VIEW_NONE) is never a valid view. Handles are not
 * reused within a process, so a stale handle is detected instead of hitting another view, and
 * they carry random bits, so one instance cannot guess another's. */
typedef uint64_t pb_view_t;
#define PB_VIEW_NONE ((pb_view_t)0)

/* A rectangle in points, in the coordinate space of the parent view (origin top-left). */
typedef struct pb_rect {
    double x;
    double y;
    double width;
    double height;
} pb_rect_t;

/* A colour as 0xAARRGGBB (alpha first, as the UI Builder's "#AARRGGBB" strings). */
typedef uint32_t pb_argb_t;

typedef int32_t pb_view_kind_t;
enum {
    PB_VIEW_CONTAINER = 0, /* groups children; background colour only */
    PB_VIEW_LABEL = 1,     /* text, text colour, font, alignment */
    PB_VIEW_IMAGE = 2,     /* an image by URL, alignment of the image in its frame */
    PB_VIEW_BUTTON = 3,    /* text and/or image, font, text colour, enabled, tap action */
};

typedef int32_t pb_alignment_t;
enum {
    PB_ALIGN_LEFT = 0,
    PB_ALIGN_CENTER = 1,
    PB_ALIGN_RIGHT = 2,
};

/* Called by the host when the user taps `view` (a button, or any view with an action).
 * `context` is the pointer the plugin passed to `set_tap_action`, untouched.
 * [main-thread] */
typedef void (*pb_tap_action_t)(void *context, pb_view_t view);

/*
 * The view API, reached through `pb_host_t.views`. Every function takes the host struct the
 * plugin instance was created with (it identifies the calling instance) and returns `false`
 * (or PB_VIEW_NONE) when the call is refused; the host logs why with the plugin's name.
 * Strings are UTF-8, NUL-terminated, owned by the caller and copied by the host before the
 * call returns. All functions are [main-thread].
 */
typedef struct pb_view_api {
    /* Creates a detached, visible view of `kind` with an empty frame.
     * Returns PB_VIEW_NONE for an unknown kind, and when the calling instance already owns
     * 10,000 views or the app has 100,000 (a screen needs far fewer; the host logs it).
     * The calling instance owns the view. */
    pb_view_t (*create)(const struct pb_host *host, pb_view_kind_t kind);

    /* Destroys `view`: removes it from its parent, detaches its children (they stay alive and
     * owned by whoever created them) and drops its tap action. The handle becomes invalid. */
    bool (*release)(const struct pb_host *host, pb_view_t view);

    /* Sets an identifier that tests, scripts and the shell use to name the view ("back",
     * "nav-item:42"). NULL clears it. */
    bool (*set_identifier)(const struct pb_host *host, pb_view_t view, const char *identifier);

    /* Label and button text. NULL clears it. Refused on containers and images. A text longer
     * than 65536 bytes is cut there (on a character boundary) and a warning is logged. */
    bool (*set_text)(const struct pb_host *host, pb_view_t view, const char *text);

    /* Text colour of a label or button. */
    bool (*set_text_color)(const struct pb_host *host, pb_view_t view, pb_argb_t color);

    /* Background colour of any view; 0x00000000 (fully transparent) is the default. */
    bool (*set_background_color)(const struct pb_host *host, pb_view_t view, pb_argb_t color);

    /* Image of an image view or a button, by URL (http(s), file or asset name). NULL clears. */
    bool (*set_image_url)(const struct pb_host *host, pb_view_t view, const char *url);

    /* Font of a label or button: a family id (NULL: the system font) and a size in points > 0. */
    bool (*set_font)(const struct pb_host *host, pb_view_t view, const char *family, double size);

    /* Horizontal alignment of a label's text or an image view's image. */
    bool (*set_alignment)(const struct pb_host *host, pb_view_t view, pb_alignment_t alignment);

    /* Hidden views and their subtrees are neither drawn nor tappable. */
    bool (*set_hidden)(const struct pb_host *host, pb_view_t view, bool hidden);

    /* A disabled button is drawn dimmed and its taps are ignored. Refused on non-buttons. */
    bool (*set_enabled)(const struct pb_host *host, pb_view_t view, bool enabled);

    /* The frame in the parent's coordinates. Widths and heights must be >= 0 and finite. */
    bool (*set_frame)(const struct pb_host *host, pb_view_t view, pb_rect_t frame);

    /* Writes the view's frame into `*out_frame`. Refused for views the instance neither owns,
     * parents nor was handed by the host. */
    bool (*get_frame)(const struct pb_host *host, pb_view_t view, pb_rect_t *out_frame);

    /* Appends `child` as the front-most child of `parent`, first removing it from its current
     * parent. `parent` must be the caller's (or host-owned, like the root's screen container);
     * `child` must be the caller's own or a view the host handed it (the root's screen
     * container, the bar view of `place_nav_bar`): a plugin cannot take another's views.
     * Refused when it would make a cycle or when either handle is invalid. */
    bool (*add_child)(const struct pb_host *host, pb_view_t parent, pb_view_t child);

    /* Removes `child` from `parent`. Refused when `child` is not a child of `parent`. */
    bool (*remove_child)(const struct pb_host *host, pb_view_t parent, pb_view_t child);

    /* Sets the target-action called when the view is tapped; `action` NULL removes it.
     * `context` is the plugin's and is passed back untouched; it must stay valid until the
     * action is replaced, the view released or the instance destroyed. */
    bool (*set_tap_action)(const struct pb_host *host, pb_view_t view, pb_tap_action_t action,
                           void *context);
} pb_view_api_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_VIEW_H */
