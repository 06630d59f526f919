#include "CBaselines.h"

#include <plugboard.h>

#include <dlfcn.h>
#include <ffi.h>

static ffi_cif cif;
static ffi_type *argument_types[2];
static void (*prepared)(void);

bool cb_ffi_prepare(void *function) {
    argument_types[0] = &ffi_type_sint32;
    argument_types[1] = &ffi_type_sint32;
    prepared = (void (*)(void))function;
    return ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 2, &ffi_type_sint32, argument_types) == FFI_OK;
}

int32_t cb_ffi_call(int32_t a, int32_t b) {
    void *values[2] = {&a, &b};
    ffi_arg result = 0;
    ffi_call(&cif, prepared, &result, values);
    return (int32_t)result;
}

bool cb_load_library(const char *path) {
    static const char *const factories[] = {PB_SCREEN_FACTORY_ID, PB_NAV_BAR_FACTORY_ID, PB_ROOT_FACTORY_ID};
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    const pb_plugin_entry_t *entry = handle != NULL ? dlsym(handle, PB_ENTRY_SYMBOL) : NULL;
    if (entry == NULL || entry->abi_version.major != PB_VERSION_MAJOR) return false;
    const pb_host_info_t info = {PB_VERSION_INIT, "plugboard-bench", "0", path};
    if (!entry->init(&info)) return false;
    for (unsigned factory = 0; factory < 3; factory++) (void)entry->get_factory(factories[factory]);
    entry->deinit();
    return true;
}
