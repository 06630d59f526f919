/* BrokenHostCallInCreate — breaks screen.h's "create must not call back into the host": create
 * calls host->log and host->views->create (it keeps that view and releases it in destroy).
 * Expected: host calls during `create` reported (log and view create), nothing else. */
#include <plugboard.h>

#define CORPUS_PLUGIN_ID "broken_host_call_in_create"
#define CORPUS_PLUGIN_NAME "Broken Host Call In Create"
#define CORPUS_DESCRIPTION "create calls host->log and host->views->create"
#define CORPUS_ON_CREATE(state)                                                              \
    do {                                                                                     \
        (state)->host->log((state)->host, PB_LOG_INFO, "create calls the host");            \
        (state)->extra_view = (state)->host->views->create((state)->host, PB_VIEW_CONTAINER); \
    } while (0)
#include "../Common/corpus_screen.h"
