/* corpus_descriptors.h — the descriptor table and factory helpers shared by the templates.
 * Included by corpus_screen.h, corpus_bar.h and corpus_root.h; a plugin never includes it itself.
 *
 * Set by the template before the include (internal):
 *   CORPUS_KIND_              the descriptors' kind (PB_PLUGIN_KIND_*).
 *   CORPUS_FLAGS_             the descriptors' flags (PB_PLUGIN_FLAG_SCREEN for screens, else 0).
 *
 * Set by the plugin before including its template:
 *   CORPUS_PLUGIN_ID          required. The descriptor id, matched by `create` with strcmp.
 *   CORPUS_PLUGIN_NAME        required. The human-readable name (also shown by the views).
 *   CORPUS_DESCRIPTOR_NAME    optional. The descriptor's `name` when it must differ from
 *                             CORPUS_PLUGIN_NAME (default: CORPUS_PLUGIN_NAME).
 *   CORPUS_DESCRIPTION        optional. The descriptor's one-line description.
 *   CORPUS_SECOND_PLUGIN_ID   optional, with CORPUS_SECOND_PLUGIN_NAME: a second descriptor of
 *                             the same kind; its instances behave exactly like the first's.
 *   CORPUS_FACTORY_COUNT      optional. What the factory's `count` returns (default: the number
 *                             of descriptors). get_descriptor still answers only real indexes.
 *   CORPUS_ACCEPT_ANY_ID      optional, 0 or 1 (default 0). 1: `create` ignores the plugin id and
 *                             makes an instance of the first descriptor for any id.
 */
#ifndef CORPUS_DESCRIPTORS_H
#define CORPUS_DESCRIPTORS_H

#include "corpus_common.h"

#ifndef CORPUS_PLUGIN_ID
#error "define CORPUS_PLUGIN_ID before including a corpus template"
#endif
#ifndef CORPUS_PLUGIN_NAME
#error "define CORPUS_PLUGIN_NAME before including a corpus template"
#endif
#ifndef CORPUS_DESCRIPTOR_NAME
#define CORPUS_DESCRIPTOR_NAME CORPUS_PLUGIN_NAME
#endif
#ifndef CORPUS_DESCRIPTION
#define CORPUS_DESCRIPTION "A plugin of the Plugboard conformance corpus"
#endif
#ifndef CORPUS_ACCEPT_ANY_ID
#define CORPUS_ACCEPT_ANY_ID 0
#endif

static const pb_plugin_descriptor_t corpus_descriptors[] = {
    {PB_VERSION_INIT, CORPUS_PLUGIN_ID, CORPUS_DESCRIPTOR_NAME, CORPUS_VENDOR, CORPUS_VERSION,
     CORPUS_DESCRIPTION, CORPUS_KIND_, CORPUS_FLAGS_},
#ifdef CORPUS_SECOND_PLUGIN_ID
    {PB_VERSION_INIT, CORPUS_SECOND_PLUGIN_ID, CORPUS_SECOND_PLUGIN_NAME, CORPUS_VENDOR, CORPUS_VERSION,
     CORPUS_DESCRIPTION, CORPUS_KIND_, CORPUS_FLAGS_},
#endif
};

#define CORPUS_DESCRIPTOR_COUNT_ ((uint32_t)(sizeof corpus_descriptors / sizeof corpus_descriptors[0]))

#ifndef CORPUS_FACTORY_COUNT
#define CORPUS_FACTORY_COUNT CORPUS_DESCRIPTOR_COUNT_
#endif

/* The factory's `count`. */
static inline uint32_t corpus_count(void) { return CORPUS_FACTORY_COUNT; }

/* The factory's `get_descriptor`: the descriptor at `index`, or NULL past the real ones. */
static inline const pb_plugin_descriptor_t *corpus_descriptor_at(uint32_t index) {
    return index < CORPUS_DESCRIPTOR_COUNT_ ? &corpus_descriptors[index] : NULL;
}

/* The descriptor `create` makes an instance of for `plugin_id` (exact strcmp), or NULL for an
 * unknown id. */
static inline const pb_plugin_descriptor_t *corpus_find_descriptor(const char *plugin_id) {
    uint32_t i;
#if CORPUS_ACCEPT_ANY_ID
    (void)plugin_id;
    (void)i;
    return &corpus_descriptors[0];
#else
    if (plugin_id == NULL) return NULL;
    for (i = 0; i < CORPUS_DESCRIPTOR_COUNT_; i++) {
        if (strcmp(plugin_id, corpus_descriptors[i].id) == 0) return &corpus_descriptors[i];
    }
    return NULL;
#endif
}

#endif /* CORPUS_DESCRIPTORS_H */
