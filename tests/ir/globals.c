/* Globals with static initialisers, relocations and string literals. */
static int table[4] = { 3, 1, 4, 1 };
static int *second = &table[1];
static const char *name = "pi";
int counter;
int main(void) {
    counter += *second + table[3];
    return counter + name[1];
}
