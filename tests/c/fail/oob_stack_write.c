/* Copies a word into a fixed local buffer without checking its length. */
#include <stdio.h>

int main(int argc, char **argv)
{
    char name[8];
    const char *src = argc > 1 ? argv[1] : "a-name-that-is-too-long";
    int i = 0;
    printf("copying\n");
    while (src[i] != '\0') {
        name[i] = src[i]; // ~ERROR out-of-bounds
        i++;
    }
    name[i] = '\0';
    printf("name=%s\n", name);
    return 0;
}
