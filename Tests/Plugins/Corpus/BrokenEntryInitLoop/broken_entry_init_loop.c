/* BrokenEntryInitLoop — breaks entry.h's `init` (returns): the first entry init never returns.
 * Expected: the call is killed after its time-out, during entry init. */
#include <plugboard.h>

#include "../Common/corpus_common.h"

#define CORPUS_PLUGIN_ID "broken_entry_init_loop"
#define CORPUS_PLUGIN_NAME "Broken Entry Init Loop"
#define CORPUS_DESCRIPTION "the entry init loops forever"
#define CORPUS_ENTRY_INIT(info) corpus_spin_forever()
#include "../Common/corpus_screen.h"
