struct point { int x, y; };
struct point pts[] = { [0] = { .x = 1, .y = 2 }, [2].x = 5, { 3, 4 } };
char msg[] = "hello" " world\n";
const char *p = &msg[1];
int area(void) { struct point *q = &(struct point){ 1, 2 }; return q->x * q->y + sizeof pts / sizeof *pts; }
double d = 1.5e-3 + 0x1p4 + 'a' + L'b' + 10UL;
