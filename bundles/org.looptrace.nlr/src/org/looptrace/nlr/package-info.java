// SPDX-License-Identifier: EPL-2.0
/** LoopTrace Nested Loop Recognition. */
package org.looptrace.nlr;
