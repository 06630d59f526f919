/* plugboard/invoke.h — host extension: call another plugin's dynamic exports.
 *
 * A manifest may declare extra functions its library exports, each with a signature
 * (`"plugboard": {"exports": {"epg_tune": "(i32) -> json"}}`). The host prepares them with libffi
 * at load; any plugin instance can call them through this extension with JSON arguments. */
#ifndef PLUGBOARD_INVOKE_H
#define PLUGBOARD_INVOKE_H

#include "host.h"

PB_EXTERN_C_BEGIN

#define PB_HOST_EXT_INVOKE "plugboard.host.invoke"

typedef struct pb_host_invoke {
    /* Calls the export `export_name` of the plugin `plugin_id` with `args_json`, a JSON array
     * (UTF-8, the caller's, read during the call). Returns JSON text: the result, or
     * {"error": "<message>"} when the plugin, the export or the arguments are wrong (never a
     * crash). The returned text is owned by the host and valid until the next `invoke` by the
     * same instance or its destruction. [main-thread] */
    const char *(*invoke)(const pb_host_t *host, const char *plugin_id, const char *export_name,
                          const char *args_json);
} pb_host_invoke_t;

PB_EXTERN_C_END

#endif /* PLUGBOARD_INVOKE_H */
