// SPDX-License-Identifier: EPL-2.0
/** The merge of section III: systems, communication links, regularization, coalescing. */
package org.looptrace.merge.internal;
