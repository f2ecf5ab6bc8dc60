#include "bad_header.h"

int main(void)
{
    return 0;
}
