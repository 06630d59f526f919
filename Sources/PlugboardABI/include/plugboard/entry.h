/* plugboard/entry.h — the one symbol a plugin library exports. */
#ifndef PLUGBOARD_ENTRY_H
#define PLUGBOARD_ENTRY_H

#include "host.h"

PB_EXTERN_C_BEGIN

/* The name of the exported symbol, for dlsym. */
#define PB_ENTRY_SYMBOL "plugboard_entry"

/*
 * The entry of a plugin library: a constant struct exported as `plugboard_entry`.
 *
 *     PB_EXPORT const pb_plugin_entry_t plugboard_entry = {
 *         PB_VERSION_INIT, my_init, my_deinit, my_get_factory,
 *     };
 *
 * The host reads `abi_version` first and refuses the library, without calling anything in it,
 * when the major differs from its own. The host never unloads a library (no dlclose): code
 * written in Swift cannot be unloaded, and neither can anything that registered callbacks.
 * At app start the host maps every library the configuration names (running their ELF
 * constructors) before it calls the first `init`: a constructor must not expect another
 * library to be initialised.
 */
typedef struct pb_plugin_entry {
    pb_version_t abi_version; /* PB_VERSION_INIT */

    /* Prepares the library. Called before any other function of the library, and again each
     * time another host component needs it: init is reference-counted. The first call does the
     * work; later calls only count. Each successful call is matched by one `deinit`.
     * `info` and its strings are valid during the call only.
     * Returns false when the library cannot work here (the host then reports "init failed"
     * and calls nothing else, including deinit). Must not call back into any host struct.
     * [main-thread] */
    bool (*init)(const pb_host_info_t *info);

    /* Undoes one `init`. The last one releases what the first acquired. After the last deinit
     * the host calls nothing else unless it calls `init` again. [main-thread] */
    void (*deinit)(void);

    /* Returns the factory named `factory_id` (PB_SCREEN_FACTORY_ID, PB_NAV_BAR_FACTORY_ID,
     * PB_ROOT_FACTORY_ID, or a future one), or NULL when the library has none of that kind.
     * The factory is owned by the plugin and stays valid until the last `deinit`.
     * Must not be called before `init`. [any-thread] */
    const void *(*get_factory)(const char *factory_id);
} pb_plugin_entry_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_ENTRY_H */
