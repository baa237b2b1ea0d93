/* As in glibc: the old name of <string.h>. */
#include <string.h>
