/* The POSIX headers real projects include compile, with glibc's types, layouts and
   constants; main may take the environment as a third parameter. */
#include <dirent.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <unistd.h>

int main(int argc, char **argv, char **envp)
{
    printf("argc %d argv[0] %s\n", argc, argv[0]);
    for (char **e = envp; *e; e++)
        printf("env %s\n", *e);
    printf("stat %zu size@%zu mode@%zu mtime@%zu\n", sizeof(struct stat),
           offsetof(struct stat, st_size), offsetof(struct stat, st_mode),
           offsetof(struct stat, st_mtim));
    printf("dirent %zu name@%zu type@%zu\n", sizeof(struct dirent),
           offsetof(struct dirent, d_name), offsetof(struct dirent, d_type));
    printf("lconv %zu timeval %zu timespec %zu\n", sizeof(struct lconv),
           sizeof(struct timeval), sizeof(struct timespec));
    printf("types %zu %zu %zu %zu %zu %zu\n", sizeof(off_t), sizeof(pid_t), sizeof(mode_t),
           sizeof(ino_t), sizeof(dev_t), sizeof(ssize_t));
    printf("O %o %o %o %o %o %o %o\n", O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_TRUNC,
           O_APPEND, O_EXCL);
    printf("S %o %d %d\n", S_IFREG | S_IRUSR | S_IWUSR, S_ISDIR(S_IFDIR | 0755),
           S_ISREG(S_IFDIR));
    printf("access %d %d %d %d seek %d %d %d\n", F_OK, R_OK, W_OK, X_OK, SEEK_SET,
           SEEK_CUR, SEEK_END);
    printf("LC %d %d %d\n", LC_ALL, LC_NUMERIC, LC_CTYPE);
    printf("SIG %d %d %d %d %d\n", SIGINT, SIGABRT, SIGSEGV, SIGTERM, SIGUSR1);
    printf("DT %d %d\n", DT_DIR, DT_REG);
    return 0;
}
