/* BrokenFloodsOutput — breaks screen.h's lifecycle (each call returns) by printing without end:
 * `will_appear` writes to standard output in a loop. Expected: the harness's file-size limit ends
 * the test process (SIGXFSZ) during `will_appear`, long before the test's time-out, and neither
 * the disk nor the harness's memory holds more than the limit. */
#include <plugboard.h>
#include <string.h>
#include <unistd.h>

#include "../Common/corpus_common.h"

static void corpus_flood_output(void) {
    static char line[4096];
    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    for (;;) {
        if (write(STDOUT_FILENO, line, sizeof line) < 0) corpus_spin_forever(); /* SIGXFSZ ignored */
    }
}

#define CORPUS_PLUGIN_ID "broken_floods_output"
#define CORPUS_PLUGIN_NAME "Broken Floods Output"
#define CORPUS_DESCRIPTION "will_appear prints without end"
#define CORPUS_ON_WILL_APPEAR(state) corpus_flood_output()
#include "../Common/corpus_screen.h"
