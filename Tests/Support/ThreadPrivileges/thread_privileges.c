#define _GNU_SOURCE /* syscall */

#include "ThreadPrivileges.h"

#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

int thread_drop_file_overrides(void) {
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0}; /* 0: this thread */
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    if (syscall(SYS_capget, &header, data) != 0) return -1;
    data[0].effective &= ~((1u << CAP_DAC_OVERRIDE) | (1u << CAP_DAC_READ_SEARCH) | (1u << CAP_FOWNER));
    return (int)syscall(SYS_capset, &header, data);
}
