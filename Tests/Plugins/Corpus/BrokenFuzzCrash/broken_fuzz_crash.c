/* BrokenFuzzCrash — trusts the shape of its model (screen.h: models are the app's JSON, any
 * shape): `create` crashes when the plugin model has a key it does not know starting with
 * "fuzz_", which only the fuzzer's mutations add. Valid models never crash it.
 * Expected: fuzz.create-models crashes (SIGSEGV during create), replayable by its seed. */
#include <plugboard.h>
#include <string.h>

#include "../Common/corpus_common.h"

/* Crashes on a model with a "fuzz_..." key. */
static void crash_on_unknown_key(const char *plugin_json) {
    if (plugin_json != NULL && strstr(plugin_json, "\"fuzz_") != NULL) corpus_write_through_null();
}

#define CORPUS_PLUGIN_ID "broken_fuzz_crash"
#define CORPUS_PLUGIN_NAME "Broken Fuzz Crash"
#define CORPUS_DESCRIPTION "create crashes on a model key only the fuzzer adds"
#define CORPUS_ON_CREATE(state) crash_on_unknown_key(plugin_json)
#include "../Common/corpus_screen.h"
