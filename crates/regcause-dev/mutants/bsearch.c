/* bsearch - look up each number of stdin in a sorted table by binary search. */
#include <stdio.h>

static const int table[] = { 2, 3, 5, 8, 13, 21, 34, 55, 89, 144 };

static int find(int key)
{
    int lo = 0, hi = (int)(sizeof table / sizeof table[0]) - 1;

    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;

        if (table[mid] == key)
            return mid;
        if (table[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int main(void)
{
    int key;

    while (scanf("%d", &key) == 1)
        printf("%d -> %d\n", key, find(key));
    return 0;
}
