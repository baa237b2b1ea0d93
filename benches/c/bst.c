/* Benchmark: an unbalanced binary search tree of N pseudo-random keys, built with malloc'd
   nodes and walked through pointers: insert, look up hits and misses, an in-order
   traversal that sums depths, then free; pointer- and struct-heavy. Prints a checksum. */
#include <stdio.h>
#include <stdlib.h>

struct node {
    long key;
    long count;
    struct node *left, *right;
};

struct tree {
    struct node *root;
    long size;
};

static struct node *insert(struct tree *t, long key)
{
    struct node **link = &t->root;
    while (*link) {
        struct node *n = *link;
        if (key == n->key) {
            n->count++;
            return n;
        }
        link = key < n->key ? &n->left : &n->right;
    }
    struct node *n = malloc(sizeof *n);
    n->key = key;
    n->count = 1;
    n->left = n->right = NULL;
    *link = n;
    t->size++;
    return n;
}

static const struct node *find(const struct tree *t, long key)
{
    const struct node *n = t->root;
    while (n && n->key != key)
        n = key < n->key ? n->left : n->right;
    return n;
}

static unsigned long long walk(const struct node *n, int depth)
{
    if (!n)
        return 0;
    return walk(n->left, depth + 1) * 3 + (unsigned long long)(n->key * n->count + depth) +
           walk(n->right, depth + 1);
}

static void release(struct node *n)
{
    if (!n)
        return;
    release(n->left);
    release(n->right);
    free(n);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    if (n < 1)
        n = 1;
    struct tree t = {NULL, 0};
    unsigned long state = 88172645463325252ul;
    long range = 4L * n;
    for (int i = 0; i < n; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        insert(&t, (long)(state % (unsigned long)range));
    }
    long hits = 0;
    for (long k = 0; k < range; k += 2)
        hits += find(&t, k) != NULL;
    unsigned long long checksum = walk(t.root, 0);
    printf("bst %d: size %ld hits %ld checksum %llu\n", n, t.size, hits, checksum);
    release(t.root);
    return 0;
}
