/* Binary search tree of words from stdin: insertion, counting, traversal, height, deletion. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct tnode {
    char *word;
    int count;
    struct tnode *left, *right;
} tnode;

static tnode *insert(tnode *t, const char *w)
{
    if (!t) {
        t = calloc(1, sizeof *t);
        t->word = strdup(w);
        t->count = 1;
        return t;
    }
    int c = strcmp(w, t->word);
    if (c < 0)
        t->left = insert(t->left, w);
    else if (c > 0)
        t->right = insert(t->right, w);
    else
        t->count++;
    return t;
}

static void inorder(const tnode *t, int depth)
{
    if (!t)
        return;
    inorder(t->left, depth + 1);
    printf("%*s%s (%d)\n", depth * 2, "", t->word, t->count);
    inorder(t->right, depth + 1);
}

static int height(const tnode *t)
{
    if (!t)
        return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static tnode *remove_word(tnode *t, const char *w)
{
    if (!t)
        return NULL;
    int c = strcmp(w, t->word);
    if (c < 0) {
        t->left = remove_word(t->left, w);
    } else if (c > 0) {
        t->right = remove_word(t->right, w);
    } else if (!t->left || !t->right) {
        tnode *child = t->left ? t->left : t->right;
        free(t->word);
        free(t);
        return child;
    } else {
        tnode *m = t->right;
        while (m->left)
            m = m->left;
        free(t->word);
        t->word = strdup(m->word);
        t->count = m->count;
        t->right = remove_word(t->right, m->word);
    }
    return t;
}

static void destroy(tnode *t)
{
    if (!t)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t->word);
    free(t);
}

int main(int argc, char **argv)
{
    tnode *root = NULL;
    char word[64];
    int len = 0, ch, total = 0;
    do {
        ch = getchar();
        if (ch != EOF && isalpha(ch)) {
            if (len < 63)
                word[len++] = (char)tolower(ch);
        } else if (len > 0) {
            word[len] = '\0';
            root = insert(root, word);
            total++;
            len = 0;
        }
    } while (ch != EOF);
    printf("%d words, height %d\n", total, height(root));
    inorder(root, 0);
    for (int i = 1; i < argc; i++) {
        root = remove_word(root, argv[i]);
        printf("after removing %s: height %d\n", argv[i], height(root));
    }
    if (argc > 1)
        inorder(root, 0);
    destroy(root);
    return 0;
}
