/* plugboard/ext/special_action.h — optional root extension: the menu ("special") button.
 *
 * The seed's optional `performSpecialAction`. The navigation bar shows the menu context button
 * only when the root answers this extension (isSpecialButtonUsedByRoot). */
#ifndef PLUGBOARD_EXT_SPECIAL_ACTION_H
#define PLUGBOARD_EXT_SPECIAL_ACTION_H

#include "../root.h"

PB_EXTERN_C_BEGIN

#define PB_EXT_SPECIAL_ACTION "plugboard.ext.special-action"

typedef struct pb_root_special_action {
    /* The menu button was tapped: do the root's special behaviour (open or close the side
     * menu). [main-thread] */
    void (*perform)(const pb_root_t *root);
} pb_root_special_action_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_EXT_SPECIAL_ACTION_H */
