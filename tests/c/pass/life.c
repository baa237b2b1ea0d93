/* Conway's game of life on a fixed torus: 2-D char arrays, copying generations, stdin pattern. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 16
#define H 10

static char grid[H][W], next_grid[H][W];

static int neighbours(int r, int c)
{
    int n = 0;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            if (!dr && !dc)
                continue;
            int rr = (r + dr + H) % H, cc = (c + dc + W) % W;
            n += grid[rr][cc] == '#';
        }
    return n;
}

static int step(void)
{
    int alive = 0;
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) {
            int n = neighbours(r, c);
            char cell = grid[r][c];
            next_grid[r][c] = (cell == '#' && (n == 2 || n == 3)) || (cell != '#' && n == 3) ? '#' : '.';
            alive += next_grid[r][c] == '#';
        }
    memcpy(grid, next_grid, sizeof grid);
    return alive;
}

static void show(int gen)
{
    printf("generation %d\n", gen);
    for (int r = 0; r < H; r++) {
        fwrite(grid[r], 1, W, stdout);
        putchar('\n');
    }
}

int main(int argc, char **argv)
{
    int gens = argc > 1 ? atoi(argv[1]) : 4;
    memset(grid, '.', sizeof grid);
    char line[64];
    int r = 0;
    while (r < H && fgets(line, sizeof line, stdin)) {
        for (int c = 0; c < W && line[c] && line[c] != '\n'; c++)
            grid[r][c] = line[c] == '#' || line[c] == 'O' ? '#' : '.';
        r++;
    }
    show(0);
    int alive = 0;
    for (int g = 1; g <= gens; g++) {
        alive = step();
        if (g == gens || g % 4 == 0)
            show(g);
    }
    printf("alive after %d: %d\n", gens, alive);
    return alive == 0 ? 1 : 0;
}
