/* plugboard/plugin.h — what every plugin instance has in common: its descriptor. */
#ifndef PLUGBOARD_PLUGIN_H
#define PLUGBOARD_PLUGIN_H

#include "version.h"

PB_EXTERN_C_BEGIN

/* The three kinds of plugin the host runs code for. */
typedef int32_t pb_plugin_kind_t;
enum {
    PB_PLUGIN_KIND_SCREEN = 0,  /* a screen (ZPPluggableScreenProtocol) */
    PB_PLUGIN_KIND_NAV_BAR = 1, /* a navigation-bar adapter (ZPAdapterNavBarProtocol) */
    PB_PLUGIN_KIND_ROOT = 2,    /* a root (menu) adapter (ZPAdapterRootProtocol) */
};

/* Descriptor flags. */
enum {
    /* The plugin may be used as a screen in rivers.json (the manifest's `screen: true`). */
    PB_PLUGIN_FLAG_SCREEN = 1u << 0,
};

/*
 * Describes one plugin of a library. Owned by the plugin; it and its strings must stay valid
 * and unchanged from `init` until the last `deinit` of the entry.
 */
typedef struct pb_plugin_descriptor {
    pb_version_t abi_version; /* PB_VERSION_INIT */

    /* Matched against the manifest's `identifier` and `api.class_name` (the host's
     * NSClassFromString). Unique within the library. Required. */
    const char *id;
    const char *name;        /* human-readable name. Required. */
    const char *vendor;      /* may be NULL */
    const char *version;     /* the plugin's own version, e.g. "1.2.0". Required. */
    const char *description; /* one line; may be NULL */

    pb_plugin_kind_t kind;
    uint64_t flags; /* PB_PLUGIN_FLAG_* */
} pb_plugin_descriptor_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_PLUGIN_H */
