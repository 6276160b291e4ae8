! SPDX-License-Identifier: EPL-2.0
! Fortran check of the tracer (`use mpi`): ring with Send/Recv (tag 1), Isend/Irecv/Waitall
! to the left (tag 2), Allreduce per iteration, then a Barrier on an even/odd Comm_split.
program fring
  use mpi
  implicit none
  integer :: ierr, rank, nproc, n, it, right, left, half, req(2)
  double precision :: a(4), b(4), s, t
  character(len=32) :: arg
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nproc, ierr)
  n = 10
  if (command_argument_count() > 0) then
    call get_command_argument(1, arg)
    read(arg, *) n
  end if
  right = mod(rank + 1, nproc)
  left = mod(rank + nproc - 1, nproc)
  a = rank
  do it = 1, n
    if (rank == 0) then
      call MPI_Send(a, 1 + mod(it, 4), MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, ierr)
      call MPI_Recv(b, 4, MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    else
      call MPI_Recv(b, 4, MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
      call MPI_Send(a, 1 + mod(it, 4), MPI_DOUBLE_PRECISION, right, 1, MPI_COMM_WORLD, ierr)
    end if
    call MPI_Irecv(b, 4, MPI_DOUBLE_PRECISION, right, 2, MPI_COMM_WORLD, req(1), ierr)
    call MPI_Isend(a, 2, MPI_DOUBLE_PRECISION, left, 2, MPI_COMM_WORLD, req(2), ierr)
    call MPI_Waitall(2, req, MPI_STATUSES_IGNORE, ierr)
    s = b(1)
    call MPI_Allreduce(s, t, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  end do
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half, ierr)
  call MPI_Barrier(half, ierr)
  call MPI_Comm_free(half, ierr)
  if (rank == 0) print *, 'fring:', n, 'iterations, sum', t
  call MPI_Finalize(ierr)
end program fring
