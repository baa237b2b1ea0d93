#ifndef _REGCAUSE_DIRENT_H
#define _REGCAUSE_DIRENT_H

/* glibc's x86-64 `struct dirent`; the functions list the run's tree (docs/libc.md). */
#include <sys/types.h>

typedef struct _regcause_DIR DIR;
struct dirent {
    ino_t d_ino;
    off_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[256];
};
#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12

DIR *opendir(const char *name);
struct dirent *readdir(DIR *dirp);
int closedir(DIR *dirp);
void rewinddir(DIR *dirp);

#endif
