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

typedef struct pb_root_placement {
    /* Put `bar_view` (owned by the bar instance) into the root's tree for `placement` and frame
     * it; for PB_PLACEMENT_HIDDEN, remove or hide it. Called at start-up and whenever the
     * placement changes. The root must not release the bar view. [main-thread] */
    void (*place_nav_bar)(const pb_root_t *root, pb_view_t bar_view, pb_placement_t placement);
} pb_root_placement_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_EXT_PLACEMENT_H */
