// SPDX-License-Identifier: EPL-2.0
package org.looptrace.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.junit.jupiter.api.Test;
import org.looptrace.ui.internal.LoopTracePerspective;

/** The LoopTrace perspective: the product's default, with the views a user of models needs. */
class PerspectiveTest {

	@Test
	void theProductOpensTheLoopTracePerspectiveByDefault() {
		IWorkbench workbench = PlatformUI.getWorkbench();
		assertEquals(LoopTracePerspective.ID, workbench.getPerspectiveRegistry().getDefaultPerspective());
	}

	@Test
	void theLoopTracePerspectiveShowsExplorerOutlineAndProblems() {
		IWorkbench workbench = PlatformUI.getWorkbench();
		IWorkbenchPage page = workbench.getActiveWorkbenchWindow().getActivePage();
		page.setPerspective(workbench.getPerspectiveRegistry().findPerspectiveWithId(LoopTracePerspective.ID));
		assertNotNull(page.getPerspective());
		assertEquals(LoopTracePerspective.ID, page.getPerspective().getId());
		List<String> views = Arrays.stream(page.getViewReferences()).map(view -> view.getId()).toList();
		assertTrue(views.containsAll(List.of(IPageLayout.ID_PROJECT_EXPLORER, IPageLayout.ID_OUTLINE, IPageLayout.ID_PROBLEM_VIEW)),
				views::toString);
		assertTrue(page.isEditorAreaVisible(), "no editor area");
	}
}
