/* CFFI — libffi for Swift. Swift 6 cannot take the address of libffi's `ffi_type_*` globals
 * (they are mutable C globals), so these accessors hand out their addresses. */
#ifndef PLUGBOARD_CFFI_SHIM_H
#define PLUGBOARD_CFFI_SHIM_H

#include <ffi.h>

static inline ffi_type *cffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *cffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *cffi_type_sint8(void) { return &ffi_type_sint8; }
static inline ffi_type *cffi_type_uint16(void) { return &ffi_type_uint16; }
static inline ffi_type *cffi_type_sint16(void) { return &ffi_type_sint16; }
static inline ffi_type *cffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *cffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *cffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *cffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *cffi_type_float(void) { return &ffi_type_float; }
static inline ffi_type *cffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *cffi_type_pointer(void) { return &ffi_type_pointer; }

/* FFI_TYPE_STRUCT, for building struct types (a macro Swift cannot import as a typed value). */
static inline unsigned short cffi_type_struct_code(void) { return FFI_TYPE_STRUCT; }

/* The ABI libffi picks by default on this platform. */
static inline ffi_abi cffi_default_abi(void) { return FFI_DEFAULT_ABI; }

#endif /* PLUGBOARD_CFFI_SHIM_H */
