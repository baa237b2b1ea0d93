/* A lookup returns NULL for a missing key and the caller dereferences it. */
#include <stdio.h>
#include <string.h>

struct entry {
    const char *key;
    int value;
};

static struct entry table[] = {{"one", 1}, {"two", 2}, {"three", 3}};

static struct entry *lookup(const char *key)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].key, key) == 0)
            return &table[i];
    return NULL;
}

int main(int argc, char **argv)
{
    int sum = 0;
    for (int i = 1; i < argc; i++) {
        struct entry *e = lookup(argv[i]);
        printf("looking up %s\n", argv[i]);
        sum += e->value; // ~ERROR null-dereference
    }
    printf("sum %d\n", sum);
    return 0;
}
