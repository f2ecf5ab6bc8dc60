#include <stdio.h>
#include "nope.h"

int main(void)
{
    return 0;
}
