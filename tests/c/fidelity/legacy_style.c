/* A file in the style of legacy code: comments, macros and a layout of its
 * own. `ferry isolate --pragma` must change the isolated loop and nothing
 * else: every other line comes out byte for byte (tests/tests/fidelity.rs).
 */
#include <stdio.h>

#define NX 64
#define HALF (NX/2)     /* macros stay macros outside the loop */
#define SQR(x) ((x)*(x))

static double grid[NX][NX];   // the field

/* smooth: the loop after the pragma is isolated */
static void smooth(double out[NX][NX])
{
	int i, j;   /* tabs indent this function */

	for (i = 0; i < NX; i++)
		for (j = 0; j < NX; j++)
			grid[i][j] = SQR(i - HALF) + j;
#pragma ferry isolate
	for (i = 1; i < NX-1; i++) {
#define AVG(a, b) (((a) + (b)) / 2)     /* defined here, used in main */
		for (j = 1; j < NX-1; j++)
			out[i][j] = AVG(grid[i-1][j], grid[i+1][j]);
	}
	out[0][0] = HALF;   /* after the loop: kept */
}

int
main(void)
{
    static double out[NX][NX];
    double sum = 0;
    int i, j;

    smooth(out);
    for (i = 0; i < NX; i++) for (j = 0; j < NX; j++)
        sum += AVG(out[i][j], 1.0);
    printf("%.3f\n", sum);
    return 0;
}
