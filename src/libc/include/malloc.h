/* glibc's allocator header: the allocation functions of <stdlib.h>, and glibc's own
   extensions declared only (a call stops the run with `unsupported:`). */
#ifndef _MALLOC_H
#define _MALLOC_H

#include <stddef.h>

void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);
void *memalign(size_t alignment, size_t size);
void *valloc(size_t size);
void *pvalloc(size_t size);
size_t malloc_usable_size(void *ptr);
int malloc_trim(size_t pad);

#endif
