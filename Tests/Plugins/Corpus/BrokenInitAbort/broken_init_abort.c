/* BrokenInitAbort — breaks screen.h's `init` (returns true or false): the instance init calls
 * abort() (SIGABRT) after building its views. Expected: a crash in `init`. */
#include <plugboard.h>
#include <stdlib.h>

#define CORPUS_PLUGIN_ID "broken_init_abort"
#define CORPUS_PLUGIN_NAME "Broken Init Abort"
#define CORPUS_DESCRIPTION "the instance init calls abort()"
#define CORPUS_ON_INIT(state) abort()
#include "../Common/corpus_screen.h"
