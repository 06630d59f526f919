/* plugboard/ext/transition.h — optional screen extension: how the screen moves (ABI 1.2).
 *
 * Seed 003's custom transitions: every stack change runs a transition with a duration, a
 * timing curve and a direction. The host's defaults per operation are push and pop 350 ms
 * ease-in-out from the right (a pop slides the screen back out to the right), present 400 ms
 * ease-out from the bottom, dismiss 300 ms ease-in to the bottom. A screen answering this
 * extension chooses its own when it is the screen that moves: the pushed or presented one, the
 * popped or dismissed one.
 *
 * Lifecycle during a transition: will_appear / will_disappear when it starts, did_appear /
 * did_disappear when it ends; the moving screen's frame is interpolated in between. */
#ifndef PLUGBOARD_EXT_TRANSITION_H
#define PLUGBOARD_EXT_TRANSITION_H

#include "../screen.h"

PB_EXTERN_C_BEGIN

#define PB_EXT_TRANSITION "plugboard.ext.transition"

typedef int32_t pb_transition_operation_t;
enum {
    PB_TRANSITION_PUSH = 1,
    PB_TRANSITION_POP = 2,
    PB_TRANSITION_PRESENT = 3,
    PB_TRANSITION_DISMISS = 4,
};

typedef int32_t pb_timing_curve_t;
enum {
    PB_CURVE_LINEAR = 0,
    PB_CURVE_EASE_IN = 1,
    PB_CURVE_EASE_OUT = 2,
    PB_CURVE_EASE_IN_OUT = 3,
};

/* The edge the moving screen is at when it is off screen; FADE: it does not move, it fades. */
typedef int32_t pb_transition_direction_t;
enum {
    PB_FROM_RIGHT = 0,
    PB_FROM_LEFT = 1,
    PB_FROM_BOTTOM = 2,
    PB_FROM_TOP = 3,
    PB_FADE = 4,
};

typedef struct pb_transition {
    double duration_ms; /* >= 0; 0: the change is immediate. At most 10000. */
    pb_timing_curve_t curve;
    pb_transition_direction_t direction;
} pb_transition_t;

typedef struct pb_screen_transition {
    /* Fill *transition (the host's, holding the default) for `operation` and return true to
     * use it; false keeps the default. Out-of-range values are refused (logged) and the
     * default used. [main-thread] */
    bool (*transition_for)(const pb_screen_t *screen, pb_transition_operation_t operation, pb_transition_t *transition);
} pb_screen_transition_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_EXT_TRANSITION_H */
