/* plugboard/ext/gesture.h — optional screen extension: gesture navigation (ABI 1.2).
 *
 * Seed 003 (XZNavigationGestureDrivable). Every pushed screen can be swiped back from its
 * leading (left) edge, PB_EDGE_GESTURE_WIDTH points wide, with or without this extension and
 * with or without a bar (a screen that hid its bar is never stuck). A screen that answers the
 * extension gets full-screen gestures: it says where a gesture may start and where it goes.
 *
 * A gesture is one drag: it starts at a point, moves the screens with the finger (the
 * transition is driven by its progress, 0 to 1 of the screen's width) and ends with a speed.
 * It finishes when its speed in its direction exceeds PB_GESTURE_FINISH_SPEED points per
 * second, else when its progress exceeds PB_GESTURE_FINISH_PROGRESS, else it cancels.
 *
 * Lifecycle: at the start the top screen gets will_disappear and the target will_appear; when
 * the gesture finishes the top screen gets did_disappear and the target did_appear, and the
 * stack changes; when it cancels the target gets will_disappear then did_disappear and the top
 * screen will_appear then did_appear (UIKit's order) — the stack, the bars and which screen is
 * shown are as before the gesture. */
#ifndef PLUGBOARD_EXT_GESTURE_H
#define PLUGBOARD_EXT_GESTURE_H

#include "../screen.h"

PB_EXTERN_C_BEGIN

#define PB_EXT_GESTURE_NAVIGATION "plugboard.ext.gesture-navigation"

/* The edge back-gesture's width, in points from the leading edge. */
#define PB_EDGE_GESTURE_WIDTH 20.0
/* A gesture faster than this (points per second, in its direction) finishes. */
#define PB_GESTURE_FINISH_SPEED 400.0
/* Else a gesture that went further than this fraction of the screen's width finishes. */
#define PB_GESTURE_FINISH_PROGRESS 0.4

typedef int32_t pb_navigation_operation_t;
enum {
    PB_NAVIGATION_POP = 1,  /* a swipe from the leading edge towards the trailing one: back */
    PB_NAVIGATION_PUSH = 2, /* a swipe from the trailing edge towards the leading one: forward */
};

typedef struct pb_edge_insets {
    double top;
    double leading;
    double bottom;
    double trailing;
} pb_edge_insets_t;

typedef struct pb_screen_gesture_navigation {
    /* Where a gesture for `operation` may start. Return false ("none") to accept a start
     * anywhere on the screen. Return true after filling *insets (the host's, zeroed) to accept
     * only starts within `leading` points of the leading edge (a pop) or `trailing` points of
     * the trailing edge (a push); 0 refuses that gesture (the edge back-gesture of a pushed
     * screen stays). `top` and `bottom` are not used by the horizontal gestures of this ABI.
     * NULL function: none. [main-thread] */
    bool (*edge_insets)(const pb_screen_t *screen, pb_navigation_operation_t operation, pb_edge_insets_t *insets);

    /* Where a gesture for `operation` goes, as a rivers.json screen id (UTF-8, the plugin's,
     * valid until the next call to the screen):
     *   pop:  NULL = the previous screen; else a screen below in the stack (pop to it). An id
     *         that is not below in the stack refuses the gesture (logged).
     *   push: the screen to push; NULL = no push (the gesture does not start).
     * NULL function: NULL. [main-thread] */
    const char *(*target)(const pb_screen_t *screen, pb_navigation_operation_t operation);
} pb_screen_gesture_navigation_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_EXT_GESTURE_H */
