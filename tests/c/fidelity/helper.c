/* A second unit, with nothing isolated: it comes out byte for byte. */
#define SCALE    3      /* odd   spacing  kept */
int scale(int x) { return x*SCALE; }
