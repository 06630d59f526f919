/* BrokenTransitionRange — breaks ext/transition.h's range ("duration_ms ... at most 10000"):
 * transition_for asks a push to last 20 seconds (the host refuses it and uses the default).
 * Expected: screen.transitions fails naming the duration, nothing else. */
#include <plugboard.h>
#include <plugboard/ext/transition.h>
#include <string.h>

#define CORPUS_PLUGIN_ID "broken_transition_range"
#define CORPUS_PLUGIN_NAME "Broken Transition Range"
#define CORPUS_DESCRIPTION "transition_for asks for a 20 s push"

static bool broken_transition_for(const pb_screen_t *screen, pb_transition_operation_t operation,
                                  pb_transition_t *transition) {
    (void)screen;
    if (operation != PB_TRANSITION_PUSH) return false;
    transition->duration_ms = 20000;
    return true;
}

static const pb_screen_transition_t broken_transition = {broken_transition_for};

#define CORPUS_GET_EXTENSION(state, id) \
    ((void)(state), strcmp((id), PB_EXT_TRANSITION) == 0 ? (const void *)&broken_transition : NULL)
#include "../Common/corpus_screen.h"
