package lab

// RemoveLeakParts is removeLeakParts for the external tests (lab_test's red team).
var RemoveLeakParts = removeLeakParts
