/* BrokenGestureTarget — breaks ext/gesture.h's `target` ("a rivers.json screen id (UTF-8 ...)"):
 * the push target is bytes that are not UTF-8 (the host ignores it with a warning).
 * Expected: screen.gesture-navigation fails, nothing else. */
#include <plugboard.h>
#include <plugboard/ext/gesture.h>
#include <string.h>

#define CORPUS_PLUGIN_ID "broken_gesture_target"
#define CORPUS_PLUGIN_NAME "Broken Gesture Target"
#define CORPUS_DESCRIPTION "the push gesture's target is not UTF-8"

static const char *broken_gesture_target(const pb_screen_t *screen, pb_navigation_operation_t operation) {
    (void)screen;
    return operation == PB_NAVIGATION_PUSH ? "detail\xff\xfe" : NULL;
}

static const pb_screen_gesture_navigation_t broken_gesture = {NULL, broken_gesture_target};

#define CORPUS_GET_EXTENSION(state, id) \
    ((void)(state), strcmp((id), PB_EXT_GESTURE_NAVIGATION) == 0 ? (const void *)&broken_gesture : NULL)
#include "../Common/corpus_screen.h"
