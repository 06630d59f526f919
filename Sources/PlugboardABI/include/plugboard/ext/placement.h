/* plugboard/ext/placement.h — optional root extension: the root places the navigation bar.
 *
 * The seed's ZPRootViewContainerControllerDelegate.placeNavBarToContainer. When the root answers
 * it, the root container hands the bar to the root; otherwise the container places the bar
 * itself (on top: above the root content; overlay: over it; hidden: not shown). */
#ifndef PLUGBOARD_EXT_PLACEMENT_H
#define PLUGBOARD_EXT_PLACEMENT_H

#include "../nav_bar.h"
#include "../root.h"

PB_EXTERN_C_BEGIN

#define PB_EXT_PLACEMENT "plugboard.ext.placement"

/* Where the bar belongs (ABI 1.3), in points, in the coordinates of the root's view (the view
 * `view` returned, framed at (0, 0) with the size `layout` gives).
 *
 * Example, a phone (390 x 844, status bar 47 pt, bar 44 pt) with the UI Builder bar (the
 * default: the root's view starts at the top of the screen, the bar below the status bar):
 *   frame = {0, 47, 390, 44}, top_inset = 47.
 * The same with `"use_ui_builder_nav_bar": false` in settings.json (the host draws a status-bar
 * container above the root's view):
 *   frame = {0, 0, 390, 44}, top_inset = 0.
 * A screen that prefers a large title (plugboard/screen_bar.h) makes the bar 96 pt tall. */
typedef struct pb_nav_bar_area {
    /* The frame the host would give the bar view itself: the whole width, below `top_inset`,
     * the bar's height (the device's bar height, plus 52 pt for a large title). */
    pb_rect_t frame;
    /* The top of the root's view kept for the device's status bar: a bar may draw its background
     * up into it, but no button or text. 0 when the host draws a status-bar container. */
    double top_inset;
} pb_nav_bar_area_t;

typedef struct pb_root_placement {
    /* Put `bar_view` (owned by the bar instance) into the root's tree for `placement` and frame
     * it; for PB_PLACEMENT_HIDDEN, remove or hide it. Called at start-up (before the bar's first
     * `layout`, so the bar view is still 0x0) and whenever the placement or the bar view
     * changes, never twice in a row with the same two. After it returns, the host calls the
     * bar's `layout` with the frame the root gave the bar view. The root must not release the
     * bar view. A root compiled against ABI 1.3 or later should also answer `place_nav_bar_in`.
     * [main-thread] */
    void (*place_nav_bar)(const pb_root_t *root, pb_view_t bar_view, pb_placement_t placement);

    /* Added in ABI 1.3: the same, with the area the bar belongs in. The host calls it instead of
     * `place_nav_bar` when it is not NULL and the root's descriptor says ABI 1.3 or later
     * (older roots' tables end before it and are never read past their end); it is called at
     * start-up and whenever the placement, the bar view or the area changes (a device switch, a
     * screen that prefers a large title), never twice in a row with the same three. `area` is
     * the host's, valid only during the call. [main-thread] */
    void (*place_nav_bar_in)(const pb_root_t *root, pb_view_t bar_view, pb_placement_t placement,
                             const pb_nav_bar_area_t *area);
} pb_root_placement_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_EXT_PLACEMENT_H */
