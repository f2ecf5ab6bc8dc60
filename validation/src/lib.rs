//! Differential execution (to be written).
