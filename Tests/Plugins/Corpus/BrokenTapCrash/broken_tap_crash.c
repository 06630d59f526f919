/* BrokenTapCrash — breaks view.h's tap action contract (runs and returns on the main thread):
 * the button's tap action writes through NULL. Expected: SIGSEGV during the tap action. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_tap_crash"
#define CORPUS_PLUGIN_NAME "Broken Tap Crash"
#define CORPUS_DESCRIPTION "the button's tap action crashes (SIGSEGV)"
#define CORPUS_ON_TAP(state) corpus_write_through_null()
#include "../Common/corpus_screen.h"
