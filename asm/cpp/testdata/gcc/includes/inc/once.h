#pragma once
ONCE __FILE__
