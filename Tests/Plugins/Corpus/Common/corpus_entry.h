/* corpus_entry.h — the one exported symbol, `plugboard_entry`, shared by the templates.
 * Included at the end of corpus_screen.h, corpus_bar.h and corpus_root.h; a plugin never
 * includes it itself.
 *
 * Set by the template before the include (internal):
 *   CORPUS_ENTRY_FACTORY_ID_  the factory id the library answers (PB_SCREEN_FACTORY_ID, ...).
 *   CORPUS_ENTRY_FACTORY_     the address of the template's static factory.
 *
 * Set by the plugin before including its template:
 *   CORPUS_ENTRY_INIT(info)   optional statement run by the first (working) entry `init`, with
 *                             `info` the const pb_host_info_t *. Default: nothing.
 *   CORPUS_FACTORY_POINTER    optional. What get_factory returns for the library's factory id
 *                             (default: the template's factory).
 *
 * init is reference-counted as entry.h says: the first call does the work (the hook), later
 * calls only count, each deinit undoes one init; after the last deinit the next init is a first
 * call again. get_factory answers only the one factory id the library has (exact strcmp); the
 * factory is static, so it is valid before, during and after the counted span, and get_factory
 * ([any-thread]) reads no state that init/deinit write.
 */
#ifndef CORPUS_ENTRY_H
#define CORPUS_ENTRY_H

#include "corpus_common.h"

#ifndef CORPUS_ENTRY_INIT
#define CORPUS_ENTRY_INIT(info) ((void)0)
#endif

#ifndef CORPUS_FACTORY_POINTER
#define CORPUS_FACTORY_POINTER ((const void *)CORPUS_ENTRY_FACTORY_)
#endif

static unsigned long corpus_entry_references;

static bool corpus_entry_init(const pb_host_info_t *info) {
    (void)info;
    if (corpus_entry_references == 0) {
        /* The work of the first call: nothing to acquire but the hook. */
        CORPUS_ENTRY_INIT(info);
    }
    corpus_entry_references++;
    return true;
}

static void corpus_entry_deinit(void) {
    if (corpus_entry_references > 0) corpus_entry_references--;
}

static const void *corpus_entry_get_factory(const char *factory_id) {
    if (factory_id == NULL) return NULL;
    return strcmp(factory_id, CORPUS_ENTRY_FACTORY_ID_) == 0 ? CORPUS_FACTORY_POINTER : NULL;
}

PB_EXPORT const pb_plugin_entry_t plugboard_entry = {
    PB_VERSION_INIT, corpus_entry_init, corpus_entry_deinit, corpus_entry_get_factory,
};

#endif /* CORPUS_ENTRY_H */
