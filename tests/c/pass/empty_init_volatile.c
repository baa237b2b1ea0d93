/* Empty initialisers {} (zero for every kind of object) and volatile objects, which
   at -O0 behave as ordinary ones: every access reads or writes memory. */
#include <stdio.h>
#include <stdlib.h>

struct rec {
    int id;
    double w;
    char name[6];
    int *p;
};

static int garr[5] = {};
static struct rec grec = {};
static volatile int gv;

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 3;
    int arr[4] = {};
    struct rec r = {};
    struct rec rs[2] = {};
    double d = {0};
    volatile int v = n;
    volatile struct rec vr = {};
    volatile int va[3] = {1, 2, 3};
    for (int i = 0; i < n && i < 3; i++) {
        v += i;
        va[i] *= v;
    }
    vr.id = v;
    gv = v * 2;
    printf("%d %d %d %g %s %p\n", arr[3], garr[4], r.id, r.w, r.name, (void *)r.p);
    printf("%d %d %g %d\n", grec.id, rs[1].id, d, (int)sizeof(vr));
    printf("v=%d va=%d,%d,%d vr.id=%d gv=%d\n", v, va[0], va[1], va[2], vr.id, gv);
    return 0;
}
