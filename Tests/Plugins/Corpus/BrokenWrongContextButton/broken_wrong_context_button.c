/* BrokenWrongContextButton — breaks nav_bar_host.h's button_pressed contract: its "close"
 * context button reports PB_BAR_BUTTON_BACK instead of PB_BAR_BUTTON_CLOSE.
 * Expected: wrong button reported for the close context button, nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_wrong_context_button"
#define CORPUS_PLUGIN_NAME "Broken Wrong Context Button"
#define CORPUS_DESCRIPTION "the close button reports back"
#define CORPUS_CLOSE_BUTTON_REPORTS PB_BAR_BUTTON_BACK
#include "../Common/corpus_bar.h"
