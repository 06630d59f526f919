/* BrokenCreateCrash — breaks screen.h's `create` (must return an instance or NULL): after matching
 * its own id it writes through a NULL pointer (SIGSEGV). Expected: a crash in `create`. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_create_crash"
#define CORPUS_PLUGIN_NAME "Broken Create Crash"
#define CORPUS_DESCRIPTION "create crashes (SIGSEGV) for its own id"
/* Runs only for the plugin's own id: unknown ids still get NULL. */
#define CORPUS_ON_CREATE(state) corpus_write_through_null()
#include "../Common/corpus_screen.h"
