/* BrokenEntryInitLoop — breaks entry.h's `init` (returns): the first entry init never returns.
 * Expected: the call is killed after its time-out, during entry init. */
#include <plugboard.h>

/* Spins forever; volatile, so the loop is not optimised away. */
static void spin_forever(void) {
    volatile unsigned long counter = 0;
    for (;;) counter++;
}

#define CORPUS_PLUGIN_ID "broken_entry_init_loop"
#define CORPUS_PLUGIN_NAME "Broken Entry Init Loop"
#define CORPUS_DESCRIPTION "the entry init loops forever"
#define CORPUS_ENTRY_INIT(info) spin_forever()
#include "../Common/corpus_screen.h"
