/* BrokenStaleHost — breaks host.h's lifetime rule ("the pointer … stays valid until the
 * instance's destroy returns"): each instance's init calls log and views->create through the
 * pb_host_t of the instance created before it, which may be destroyed by then.
 * Expected: the host refuses those calls ("instance destroyed") and logs them; nothing crashes. */
#include <plugboard.h>

/* The host of the previous instance, kept past its destroy. */
static const pb_host_t *previous_host;

static void call_previous_host(const pb_host_t *current) {
    if (previous_host != NULL) {
        previous_host->log(previous_host, PB_LOG_INFO, "through a stale host");
        (void)previous_host->views->create(previous_host, PB_VIEW_LABEL);
    }
    previous_host = current;
}

#define CORPUS_PLUGIN_ID "broken_stale_host"
#define CORPUS_PLUGIN_NAME "Broken Stale Host"
#define CORPUS_DESCRIPTION "init calls the host of the previous, destroyed instance"
#define CORPUS_ON_INIT(state) call_previous_host((state)->host)
#include "../Common/corpus_screen.h"
