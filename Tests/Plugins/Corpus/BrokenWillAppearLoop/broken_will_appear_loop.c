/* BrokenWillAppearLoop — breaks screen.h's lifecycle (each call returns): `will_appear` never
 * returns (an endless loop on a volatile counter). Expected: a timeout (hang) in `will_appear`. */
#include <plugboard.h>

#include "../Common/corpus_common.h"

#define CORPUS_PLUGIN_ID "broken_will_appear_loop"
#define CORPUS_PLUGIN_NAME "Broken Will Appear Loop"
#define CORPUS_DESCRIPTION "will_appear loops forever"
#define CORPUS_ON_WILL_APPEAR(state) corpus_spin_forever()
#include "../Common/corpus_screen.h"
