#include "driver/driver.h"

int main(int argc, char** argv) { return ptoc::RunPtocDriver(argc, argv); }
