/* BrokenEntryInitExit — breaks entry.h's `init` (returns true or false): the first entry init
 * calls exit(0), ending the process with a "success" status. Expected: the process exited
 * (status 0) during entry init. */
#include <plugboard.h>
#include <stdlib.h>

#define CORPUS_PLUGIN_ID "broken_entry_init_exit"
#define CORPUS_PLUGIN_NAME "Broken Entry Init Exit"
#define CORPUS_DESCRIPTION "the entry init calls exit(0)"
#define CORPUS_ENTRY_INIT(info) exit(0)
#include "../Common/corpus_screen.h"
