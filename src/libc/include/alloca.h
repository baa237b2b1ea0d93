#ifndef _REGCAUSE_ALLOCA_H
#define _REGCAUSE_ALLOCA_H

#include <_regcause_common.h>

/* Storage in the calling function's frame, released when that function returns. */
void *alloca(size_t size);

#endif
